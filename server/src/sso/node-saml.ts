/**
 * node-saml, with the XML signature and encryption libraries under it, is loaded by the first SAML
 * request rather than at start: few deployments have a SAML provider, and every server held it
 * (decision 0048).
 */
export const nodeSaml = () => import('@node-saml/node-saml');

// The decryption node-saml itself applies (its package has no exports map; the version is pinned).
export const nodeSamlXml = () => import('@node-saml/node-saml/lib/xml.js');
