interface Led {
  principal_investigator: { id: number };
  case_manager: { id: number } | null;
}

/**
 * Whether the member leads the idea, as principal investigator or case manager: who may edit
 * and delete it, and who cannot follow it (SPEC §4, §6).
 */
export function leads(idea: Led, userId: number | undefined): boolean {
  return (
    userId !== undefined &&
    (idea.principal_investigator.id === userId || idea.case_manager?.id === userId)
  );
}
