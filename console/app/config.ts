/**
 * Console settings that are configuration in the spec. Module names listed here never appear in the
 * header's subsystem switcher (spec section 2: "some module names are excluded by configuration").
 */
export const excludedSubsystemNames: readonly string[] = [];
