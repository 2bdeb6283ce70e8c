import { useParams } from 'react-router-dom';
import { receiptPdfHref, useGetReceiptQuery } from '../api/billingApi';
import { toBlock } from '../../../shared/block';
import { ReceiptScreen } from './ReceiptScreen';

export function ReceiptRoute() {
  const { id = '' } = useParams();
  const receipt = useGetReceiptQuery(id);
  const notFound = receipt.isError && 'status' in receipt.error && receipt.error.status === 404;
  return (
    <ReceiptScreen
      receipt={toBlock(
        { ...receipt, currentData: receipt.currentData?.receipt },
        'Failed to load the receipt',
      )}
      notFound={notFound}
      pdfHref={receiptPdfHref(id)}
    />
  );
}

export { ReceiptRoute as Component };
