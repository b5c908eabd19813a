import { describe, expect, it } from 'vitest'
import { eventNames, propertyNames, publicMethods, unionMembers } from './parseAppKitTypes.ts'

// A declaration written for this test in the shape TypeScript emits (.d.ts), not AppKit's text.
const declaration = `export type Views = 'Account' | 'Connect' | 'Networks';
export type Options = {
    /** doc */
    projectId: string;
    networks?: string[];
    nested?: {
        inner: boolean;
    };
};
export declare abstract class Client {
    protected universalProvider?: unknown;
    private readyPromise?;
    static getInstance(): Client | undefined;
    options: Options;
    constructor(options: Options);
    open<View extends Views>(options?: { view?: View }): Promise<void>;
    close(): Promise<void>;
    getAddress: (namespace?: string) => string | undefined;
    setConnectors: (typeof Controller)['setConnectors'];
    protected initialize(): Promise<void>;
}
type E = { type: 'track'; event: 'MODAL_OPEN' } | { type: 'track'; event: 'MODAL_CLOSE' } | { event: 'MODAL_OPEN' };`

describe('parseAppKitTypes', () => {
  it('lists public methods and function-typed properties only', () => {
    expect(publicMethods(declaration)).toEqual(['open', 'close', 'getAddress', 'setConnectors'])
  })
  it('lists a union’s members, an object type’s top-level keys and the event names', () => {
    expect(unionMembers(declaration, 'Views')).toEqual(['Account', 'Connect', 'Networks'])
    expect(propertyNames(declaration, 'Options')).toEqual(['projectId', 'networks', 'nested'])
    expect(eventNames(declaration)).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
  })
})
