import { createContext, useContext } from 'react';

/** What a card calls for "Skip to next …"; absent where cards cannot act (previews). */
export const SkipContext = createContext<((id: string) => void) | null>(null);

export const useSkip = () => useContext(SkipContext);
