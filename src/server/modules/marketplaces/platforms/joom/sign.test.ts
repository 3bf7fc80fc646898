import { describe, expect, it } from 'vitest';
import {
  bearerTokenOf,
  joomAccessTokenForm,
  joomAuthorization,
  joomAuthoriseUrl,
  joomRefreshTokenForm,
} from './sign.js';

// Joom signs nothing, so it publishes no signing vector. What a Joom request carries instead
// (a bearer token, the OAuth forms) is pinned here byte for byte.
describe('Joom request credentials', () => {
  it('sends the access token as an RFC 6750 bearer header', () => {
    expect(joomAuthorization('1qaz2wsx3edc4rfv5tgb')).toBe('Bearer 1qaz2wsx3edc4rfv5tgb');
  });

  it('reads back only a well-formed bearer header', () => {
    expect(bearerTokenOf('Bearer 1qaz2wsx3edc4rfv5tgb')).toBe('1qaz2wsx3edc4rfv5tgb');
    expect(bearerTokenOf('bearer 1qaz2wsx3edc4rfv5tgb')).toBeNull();
    expect(bearerTokenOf('Bearer ')).toBeNull();
    expect(bearerTokenOf('Bearer a b')).toBeNull();
    expect(bearerTokenOf(undefined)).toBeNull();
  });

  it('builds the documented authorise URL', () => {
    expect(
      joomAuthoriseUrl('https://api-merchant.joom.com', {
        clientId: 'd9e8cf21659e4bed',
        redirectUri: 'https://erp.example.com/shops/joom/callback',
        state: 'st/1 2',
      }),
    ).toBe(
      'https://api-merchant.joom.com/api/v2/oauth/authorize?client_id=d9e8cf21659e4bed&response_type=code' +
        '&redirect_uri=https%3A%2F%2Ferp.example.com%2Fshops%2Fjoom%2Fcallback&state=st%2F1+2',
    );
  });

  it('builds the documented access-token form', () => {
    expect(
      joomAccessTokenForm({
        clientId: 'sandbox-joom-client',
        clientSecret: 'joom_secret_0001',
        code: 'e3adc41c291db245',
        redirectUri: 'https://erp.example.com/cb',
      }),
    ).toBe(
      'client_id=sandbox-joom-client&client_secret=joom_secret_0001&code=e3adc41c291db245' +
        '&grant_type=authorization_code&redirect_uri=https%3A%2F%2Ferp.example.com%2Fcb',
    );
  });

  it('builds the documented refresh form', () => {
    expect(
      joomRefreshTokenForm({
        clientId: 'sandbox-joom-client',
        clientSecret: 'joom_secret_0001',
        refreshToken: 'r3fr35h',
      }),
    ).toBe(
      'client_id=sandbox-joom-client&client_secret=joom_secret_0001&grant_type=refresh_token&refresh_token=r3fr35h',
    );
  });

  it('changes with one character of its input', () => {
    const base = {
      clientId: 'sandbox-joom-client',
      clientSecret: 'joom_secret_0001',
      refreshToken: 'r3fr35h',
    };
    expect(joomRefreshTokenForm({ ...base, refreshToken: 'r3fr35H' })).not.toBe(joomRefreshTokenForm(base));
    expect(joomAuthorization('abc')).not.toBe(joomAuthorization('abd'));
  });
});
