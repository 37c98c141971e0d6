import { createContext, useContext } from 'react';

/**
 * What a card calls for "Skip to next …" with the date its button shows; absent where cards
 * cannot act (previews).
 */
export const SkipContext = createContext<((id: string, to: string) => void) | null>(null);

export const useSkip = () => useContext(SkipContext);
