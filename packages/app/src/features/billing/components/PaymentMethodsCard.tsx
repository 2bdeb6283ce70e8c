import type { PaymentMethod } from '@parlance/contract';
import { Badge, Button, Card, CreditCardIcon, EmptyState, Skeleton } from '@parlance/ui';
import type { Block } from '../../../shared/block';
import { BlockError } from '../../../shared/BlockError';
import { cardExpiry, cardLabel } from '../utils/cardDisplay';
import { Actions, Expiry, Item, List, Name } from './PaymentMethodsCard.styles';

export interface PaymentMethodsCardProps {
  methods: Block<PaymentMethod[]>;
  /** The card whose action is running (set default or delete). */
  busyId: string | null;
  onAddCard: () => void;
  onSetDefault: (card: PaymentMethod) => void;
  onDelete: (card: PaymentMethod) => void;
}

/** Saved cards: the default one badged, make another the default, remove one. */
export function PaymentMethodsCard({
  methods,
  busyId,
  onAddCard,
  onSetDefault,
  onDelete,
}: PaymentMethodsCardProps) {
  const cards = methods.data ?? [];
  const addButton = (
    <Button variant="secondary" size="sm" onClick={onAddCard}>
      Add a card
    </Button>
  );
  return (
    <Card title="Payment methods" actions={addButton}>
      {methods.error ? (
        <BlockError block={methods} />
      ) : methods.loading ? (
        <List aria-busy="true">
          <Skeleton shape="rect" height="56px" />
          <Skeleton shape="rect" height="56px" />
        </List>
      ) : cards.length === 0 ? (
        <EmptyState
          icon={<CreditCardIcon />}
          title="No saved cards"
          description="Add a card to buy credits in one click."
        />
      ) : (
        <List>
          {cards.map((card) => (
            <Item key={card.id}>
              <Name>
                <CreditCardIcon aria-hidden="true" />
                {cardLabel(card)}
              </Name>
              <Expiry>Expires {cardExpiry(card)}</Expiry>
              {card.isDefault && <Badge tone="primary">Default</Badge>}
              <Actions>
                {!card.isDefault && (
                  <Button
                    variant="ghost"
                    size="sm"
                    loading={busyId === card.id}
                    onClick={() => onSetDefault(card)}
                    aria-label={`Make default: ${cardLabel(card)}`}
                  >
                    Make default
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onDelete(card)}
                  aria-label={`Remove ${cardLabel(card)}`}
                >
                  Remove
                </Button>
              </Actions>
            </Item>
          ))}
        </List>
      )}
    </Card>
  );
}
