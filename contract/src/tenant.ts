import { z } from 'zod';

const text = z.string();

const fieldTexts = z.object({ label: text, placeholder: text, description: text });

/** Texts of the claim-profile flow (SPEC §2), one group per sub-screen. */
export const claimProfileTexts = z.object({
  loading: text,
  invalidToken: z.object({ title: text, message: text, button: text }),
  acceptInvite: z.object({
    welcome: text,
    intro: z.array(text),
    benefitsTitle: text,
    benefits: z.array(text),
    acceptButton: text,
    declineButton: text,
    termsPrefix: text,
    termsLink: text,
  }),
  declineAppeal: z.object({
    title: text,
    message: text,
    reconsiderButton: text,
    confirmButton: text,
  }),
  declined: z.object({ title: text, message: text, exitButton: text }),
  setPassword: z.object({
    title: text,
    intro: text,
    passwordLabel: text,
    showPassword: text,
    hidePassword: text,
    guidelinesTitle: text,
    guidelines: z.array(text),
    passwordError: text,
    saveButton: text,
  }),
  review: z.object({ greeting: text, message: text, reviewButton: text }),
  complete: z.object({ title: text }),
  adminNotApproved: z.object({ title: text, message: text, button: text }),
  awaitingLogin: z.object({ title: text, message: text, button: text }),
});

/** Texts of the update-profile screen (SPEC §3 Tenant.branding.profileScreen). */
export const profileScreenTexts = z.object({
  title: text,
  updateDetails: text,
  actions: z.object({ cancelButton: text, savingButton: text, saveButton: text }),
  /** The form's section headings, in the order they stand. */
  sections: z.object({
    personal: text,
    affiliation: text,
    about: text,
    links: text,
    grants: text,
  }),
  fields: z.object({
    firstName: fieldTexts,
    lastName: fieldTexts,
    email: fieldTexts,
    photo: fieldTexts,
    role: fieldTexts,
    school: fieldTexts,
    department: fieldTexts,
    position: fieldTexts,
    location: fieldTexts,
    bio: fieldTexts,
    googleScholar: fieldTexts,
    linkedin: fieldTexts,
  }),
  success: z.object({ message: text, description: text, viewProfileButton: text }),
});

export const branding = z.object({
  productName: text,
  logo: text,
  footer: z.object({ copyrightNotice: text }),
  linkedinURL: text,
  supportEmail: text,
  navLabels: z.object({
    ideas: text,
    people: text,
    myIdeas: text,
    myProfile: text,
    following: text,
    helpCenter: text,
    terms: text,
    signOut: text,
    administration: text,
    postIdea: text,
    inviteOthers: text,
  }),
  /** CSS custom properties without the leading dashes, e.g. `color-primary: #8c1515`. */
  styles: z.record(z.string(), z.string()),
  home: z.object({
    title: text,
    tagline: text,
    descriptions: z.array(text),
    callToAction: text,
    signInPrompt: text,
    signInLink: text,
  }),
  contact: z.object({ subject: text, greeting: text, intro: text }),
  helpCenter: z.object({ subject: text }),
  patentNumberError: text,
  claimProfile: claimProfileTexts,
  profileScreen: profileScreenTexts,
});
export type Branding = z.infer<typeof branding>;

type DeepPartial<T> = T extends (infer U)[]
  ? U[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;
export type BrandingOverrides = DeepPartial<Branding>;

export const tenantAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  branding,
});
export type TenantAnswer = z.infer<typeof tenantAnswer>;

export const termsAnswer = z.object({
  title: z.string(),
  lastUpdated: z.string(),
  introduction: z.string(),
  sections: z.array(
    z.object({
      title: z.string(),
      content: z.string(),
      items: z.array(z.object({ boldText: z.string(), description: z.string() })),
    }),
  ),
  conclusion: z.string(),
});
export type TermsAnswer = z.infer<typeof termsAnswer>;

export const role = z.object({ id: z.number().int(), name: z.string(), icon: z.string() });
export const rolesAnswer = z.object({ roles: z.array(role) });
export type Role = z.infer<typeof role>;
