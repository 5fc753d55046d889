/**
 * Defaults every new tenant starts with (CONTRACT §1): branding texts, terms and conditions,
 * roles and the lookup lists. An administrator may change any of them afterwards.
 */
import type { Branding, TermsAnswer } from '@kindling/contract';

/** The complete branding of a tenant named `tenantName`, as a university portal would show it. */
export function defaultBranding(tenantName: string): Branding {
  const year = new Date().getFullYear();
  return {
    productName: tenantName,
    logo: '/brand/kindling-logo.svg',
    footer: { copyrightNotice: `© ${year} ${tenantName}. All rights reserved.` },
    linkedinURL: 'https://www.linkedin.com',
    supportEmail: 'support@kindling.example',
    navLabels: {
      ideas: 'Ideas',
      people: 'People',
      myIdeas: 'My Ideas',
      myProfile: 'My Profile',
      following: 'Following',
      helpCenter: 'Help Center',
      terms: 'Terms and Conditions',
      signOut: 'Sign Out',
      administration: 'Administration',
      postIdea: 'Post Your Idea',
      inviteOthers: 'Invite Others',
    },
    // WCAG contrast on the surface (#ffffff) / background (#fafaf9): text 17.5 / 16.7,
    // muted 7.6 / 7.3, primary 7.3 / 7.0, accent 5.5 / 5.2, danger 6.5 / 6.2, success 5.0 / 4.8;
    // on-primary on primary 7.3, on primary-hover 9.4. All meet AA (4.5:1) for normal text.
    styles: {
      'color-primary': '#9a3412',
      'color-primary-hover': '#7c2d12',
      'color-on-primary': '#ffffff',
      'color-accent': '#0f766e',
      'color-text': '#1c1917',
      'color-muted': '#57534e',
      'color-background': '#fafaf9',
      'color-surface': '#ffffff',
      'color-border': '#d6d3d1',
      'color-danger': '#b91c1c',
      'color-success': '#15803d',
      'font-body':
        "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
      'font-heading': "ui-serif, Georgia, Cambria, 'Times New Roman', Times, serif",
      radius: '8px',
    },
    home: {
      title: `Welcome to ${tenantName}`,
      tagline: 'Where research ideas find the people who can move them forward.',
      descriptions: [
        `${tenantName} is an invitation-only space where students, faculty, staff and industry partners share early-stage ideas, find collaborators and discover the expertise across campus.`,
        'Post an idea in a few minutes, say what support would help it grow (funding, mentorship, technical expertise or an industry partner) and follow the ideas that matter to you.',
        'Ideas shared here stay within the community, and the technology-transfer office is on hand to help protect and license the inventions that emerge.',
      ],
      callToAction: 'Request an Invitation',
      signInPrompt: 'Already a member?',
      signInLink: 'Sign in',
    },
    contact: {
      subject: `Let's connect on ${tenantName}`,
      greeting: 'Hi',
      intro: `I came across your profile on ${tenantName} and would love to find a time to talk about your work and possible ways to collaborate.`,
    },
    helpCenter: { subject: `Request for assistance - ${tenantName}` },
    patentNumberError: 'Please enter a valid patent number.',
    claimProfile: {
      loading: 'Checking your invitation...',
      invalidToken: {
        title: 'This invitation link is not valid',
        message: `The link may have expired or already been replaced by a newer one. Please ask the person who invited you, or the ${tenantName} team, to send you a new invitation.`,
        button: 'Go to Home',
      },
      acceptInvite: {
        welcome: `Welcome to ${tenantName}, {firstName}!`,
        intro: [
          `You have been invited to join ${tenantName}, the community where our researchers, students, staff and industry partners share ideas and find collaborators.`,
          'A profile has already been prepared for you. Accept the invitation to set your password and review your details before they are visible to other members.',
        ],
        benefitsTitle: 'As a member you can:',
        benefits: [
          'Share your ideas and say what support would help them grow',
          'Discover colleagues and their expertise across every school',
          'Follow ideas and stay up to date as they develop',
          'Connect with the technology-transfer office and industry partners',
        ],
        acceptButton: 'Accept',
        declineButton: 'Decline',
        termsPrefix: 'By accepting this invitation, you agree to the',
        termsLink: 'Terms and Conditions',
      },
      declineAppeal: {
        title: 'Are you sure you want to decline?',
        message: `If you decline, your profile will not be created and you will need a new invitation to join ${tenantName} later. Many members find their next collaborator here.`,
        reconsiderButton: 'Take Me Back',
        confirmButton: 'Yes, Decline',
      },
      declined: {
        title: 'Invitation declined',
        message: `You have declined the invitation to ${tenantName}. If you change your mind, you can request a new invitation at any time.`,
        exitButton: 'Go to Home',
      },
      setPassword: {
        title: 'Create your password',
        intro:
          'Choose a password for your account. You will sign in with your email address and this password.',
        passwordLabel: 'Password',
        showPassword: 'Show password',
        hidePassword: 'Hide password',
        guidelinesTitle: 'Your password must contain:',
        guidelines: [
          'At least 8 characters',
          'At least 1 number',
          'At least 1 special character from !@#$%^&*(),.?":{}|<>',
          'At least 1 uppercase letter',
          'At least 1 lowercase letter',
        ],
        passwordError:
          'Min 8 characters and include 1 number, 1 special character, and 1 uppercase and 1 lowercase',
        saveButton: 'Save My Password',
      },
      review: {
        greeting: 'Welcome aboard, {firstName}!',
        message:
          'Your account is ready. Take a moment to review your profile so colleagues can find you and learn about your work.',
        reviewButton: 'Review My Profile',
      },
      complete: { title: 'Your profile is all set!' },
      adminNotApproved: {
        title: 'Your invitation is awaiting approval',
        message: `An administrator of ${tenantName} has not approved this invitation yet. You will receive an email as soon as it is approved.`,
        button: 'Go to Home',
      },
      awaitingLogin: {
        title: 'Your account is already registered',
        message:
          'You have already set a password for this account. Sign in with your email address and password to continue.',
        button: 'Sign In',
      },
    },
    profileScreen: {
      title: 'Update Profile',
      updateDetails:
        'Keep your profile up to date so colleagues and partners can find you and learn about your work.',
      actions: { cancelButton: 'Cancel', savingButton: 'Saving...', saveButton: 'Save' },
      sections: {
        personal: 'Personal details',
        affiliation: 'Role and affiliation',
        about: 'About you',
        links: 'Links',
        grants: 'Grants',
      },
      fields: {
        firstName: {
          label: 'First Name',
          placeholder: 'Enter your first name',
          description: 'Your given name as it should appear to other members.',
        },
        lastName: {
          label: 'Last Name',
          placeholder: 'Enter your last name',
          description: 'Your family name as it should appear to other members.',
        },
        email: {
          label: 'Email',
          placeholder: 'name@university.edu',
          description: 'Your sign-in address. Contact the administrator to change it.',
        },
        photo: {
          label: 'Profile Photo',
          placeholder: 'Click to upload or drag and drop',
          description: 'A clear, friendly headshot helps colleagues recognise you.',
        },
        role: {
          label: 'User Type',
          placeholder: 'Select your user type',
          description:
            'Your current involvement with the university. It can only be changed by an administrator.',
        },
        school: {
          label: 'School',
          placeholder: 'Select your school',
          description: 'The school you are primarily affiliated with.',
        },
        department: {
          label: 'Department',
          placeholder: 'Select your department',
          description: 'The department you are primarily affiliated with.',
        },
        position: {
          label: 'Position',
          placeholder: 'e.g. Associate Professor of Chemistry',
          description: 'Your title or a one-line headline shown under your name.',
        },
        location: {
          label: 'Location',
          placeholder: 'e.g. Columbus, Ohio',
          description: 'Where you are based.',
        },
        bio: {
          label: 'Bio',
          placeholder: 'Tell the community about your work, interests and what you are looking for',
          description:
            'A short summary of your background and research interests (up to 1000 characters).',
        },
        googleScholar: {
          label: 'Google Scholar URL',
          placeholder: 'https://scholar.google.com/citations?user=...',
          description: 'Your Google Scholar profile, used to show your publications and citations.',
        },
        linkedin: {
          label: 'LinkedIn URL',
          placeholder: 'https://www.linkedin.com/in/...',
          description: 'Your LinkedIn profile, used to show your experience and education.',
        },
      },
      success: {
        message: 'Profile updated successfully',
        description: 'Your changes have been saved and are now visible to other members.',
        viewProfileButton: 'View Profile',
      },
    },
  };
}

/** A terms-and-conditions document for an institutional idea-sharing portal. */
export function defaultTerms(tenantName: string): TermsAnswer {
  return {
    title: 'Terms and Conditions',
    lastUpdated: 'November 1, 2026',
    introduction: `These Terms and Conditions govern your use of ${tenantName}, an invitation-only platform where members of the university community and its invited partners share ideas, present their expertise and find collaborators. By accepting an invitation or using the platform, you agree to these terms. If you do not agree, please do not use ${tenantName}.`,
    sections: [
      {
        title: 'Eligibility and Accounts',
        content: `Access to ${tenantName} is by invitation only and requires approval by an administrator. You are responsible for the activity on your account and for keeping your password confidential.`,
        items: [
          {
            boldText: 'Accurate information:',
            description:
              'Keep your profile truthful and current, including your role, affiliation and contact details.',
          },
          {
            boldText: 'One person, one account:',
            description:
              'Accounts are personal. Do not share your sign-in details or let others act on your behalf.',
          },
          {
            boldText: 'Security:',
            description:
              'Tell the support team immediately if you suspect that someone else has used your account.',
          },
        ],
      },
      {
        title: 'Confidentiality of Ideas',
        content:
          'Ideas posted on the platform are visible only to approved members and are shared in confidence. Many ideas describe inventions that are not yet patented, and public disclosure could prevent them from being protected.',
        items: [
          {
            boldText: 'Keep it within the community:',
            description:
              'Do not copy, publish, present or otherwise disclose the content of another member’s idea outside the platform without their written permission.',
          },
          {
            boldText: 'Think before you post:',
            description:
              'Share enough to attract collaborators, but keep detailed technical disclosures, data and unpublished results for direct conversations or a formal invention disclosure.',
          },
          {
            boldText: 'Industry partners:',
            description:
              'Members from outside the university remain bound by any non-disclosure or research agreement they hold with the university, in addition to these terms.',
          },
        ],
      },
      {
        title: 'Intellectual Property',
        content:
          'Posting an idea does not transfer ownership of it. Ownership of inventions, software and other creative works developed by university faculty, staff and students is determined by the university’s Intellectual Property Policy and by any applicable sponsored-research or employment agreements. Industry partners acquire no rights to an idea by viewing, following or discussing it; any license or collaboration must be agreed in writing with the university.',
        items: [],
      },
      {
        title: 'Acceptable Use',
        content:
          'You agree to use the platform professionally and lawfully. In particular, you will not:',
        items: [
          {
            boldText: 'Misrepresent:',
            description:
              'Post ideas, patents or publications that are not yours, or claim credit for the work of others.',
          },
          {
            boldText: 'Solicit or spam:',
            description:
              'Use member contact details for unsolicited advertising, recruitment campaigns or bulk messages.',
          },
          {
            boldText: 'Harm the service:',
            description:
              'Upload malicious content, scrape the directory, or attempt to access data or functions you are not authorised to use.',
          },
          {
            boldText: 'Post unlawful content:',
            description:
              'Share material that is defamatory, discriminatory, harassing, export-controlled or that infringes the rights of others.',
          },
        ],
      },
      {
        title: 'Privacy of Profile Data',
        content:
          'Your profile (name, role, affiliation, photo, biography, education, experience, publications, patents and grants) is visible only to approved members of this community. We use it to operate the directory, recommend relevant ideas and enable members to contact you. We do not sell your data or show it to the public, and administrators access account details only to run and support the service. You may correct your profile at any time, and you may ask the support team to deactivate your account.',
        items: [],
      },
      {
        title: 'Technology Transfer',
        content:
          'The Office of Technology Transfer helps members evaluate, protect and commercialise their ideas. Staff of the office may be assigned as case managers on ideas and can see them for that purpose.',
        items: [
          {
            boldText: 'Before you publish:',
            description:
              'Contact the Office of Technology Transfer before presenting or publishing an idea that may be patentable, so that protection can be considered in time.',
          },
          {
            boldText: 'Invention disclosures:',
            description:
              'Posting an idea here is not a formal invention disclosure; the office will guide you through the disclosure process when appropriate.',
          },
        ],
      },
      {
        title: 'Changes and Termination',
        content: `We may update these terms from time to time; the date at the top shows the latest revision, and continued use of ${tenantName} after a change means you accept the updated terms. Administrators may suspend or withdraw access for any member who breaches these terms or whose affiliation with the university ends.`,
        items: [],
      },
    ],
    conclusion: `Thank you for helping to keep ${tenantName} a trusted place to share ideas. If you have any questions about these terms, your data or the protection of your ideas, please contact the Help Center or the Office of Technology Transfer.`,
  };
}

/** CONTRACT §1: the roles of a new tenant. Administrators may rename them. */
export const defaultRoles: readonly {
  id: 1 | 2 | 3 | 4;
  name: string;
  icon: string;
  permissions: string[];
}[] = [
  {
    id: 1,
    name: 'Student',
    icon: 'student',
    permissions: ['create_idea', 'update_idea', 'delete_idea'],
  },
  {
    id: 2,
    name: 'Faculty',
    icon: 'faculty',
    permissions: ['create_idea', 'update_idea', 'delete_idea', 'invite_user'],
  },
  {
    id: 3,
    name: 'Staff',
    icon: 'staff',
    permissions: ['create_idea', 'update_idea', 'delete_idea', 'invite_user'],
  },
  { id: 4, name: 'Industry partner', icon: 'industry', permissions: [] },
];

export const defaultSupportTypes = [
  'Funding',
  'Industry partner',
  'Mentorship',
  'Technical expertise',
  'Licensing',
] as const;

export const defaultIpStatuses = [
  'No IP protection',
  'Invention disclosed',
  'Provisional patent filed',
  'Patent pending',
  'Patented',
] as const;
