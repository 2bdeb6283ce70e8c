import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { sampleFooterColumns } from '../../test/sampleNavigation';
import { Footer } from './Footer';

describe('Footer', () => {
  it('has the tagline, grouped link columns and the copyright year', () => {
    renderWithTheme(<Footer columns={sampleFooterColumns} year={2030} />);
    expect(screen.getByText(/transforms audio into text with high accuracy/)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Legal' })).toHaveTextContent('PrivacyTerms');
    expect(screen.getByRole('link', { name: 'API status' })).toHaveAttribute('href', '/status');
    expect(screen.getByText('© 2030 Parlance. All rights reserved.')).toBeInTheDocument();
  });
});
