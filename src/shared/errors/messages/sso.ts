// Messages of single sign-on (OpenID Connect per customer): its settings and the sign-in through a provider.
export const ssoMessages = {
  'sso.customerRequired': 'Choose the customer whose single sign-on this is',
  'sso.secretsKeyMissing': 'Single sign-on needs SECRETS_KEY in the server’s configuration',
  'sso.defaultRole': 'People created by single sign-on cannot be superadmins',
  'sso.issuerInsecure': 'The issuer must be an https address that is not on this machine',
  'sso.clientSecretRequired': 'The client secret is required',
  'sso.domainTaken': 'The domain {{domain}} already signs in through another organisation',
  'sso.discoveryFailed': 'The issuer did not answer with OpenID Connect discovery metadata',
  'sso.notConfigured': 'Single sign-on is not set up for this address',
  'sso.providerUnavailable': 'The identity provider cannot be reached; try again later',
  'sso.invalidState': 'This sign-in is invalid or has expired; start again',
  'sso.providerRefused': 'The identity provider refused the sign-in',
  'sso.failed': 'The identity provider’s answer could not be verified',
  'sso.emailUnverified': 'The identity provider did not confirm a verified e-mail address',
  'sso.foreignDomain': 'The identity provider signed in an address of another domain',
  'sso.unknownUser': 'There is no account for this address; ask your administrator',
  'sso.refused': 'Single sign-on was refused',
} as const;
