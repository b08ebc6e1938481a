// Library entry `mapcheck/profiles`: knobs, built-in profiles and loading a profile by name or file.

export { BUILTIN_PROFILES, KNOBS, builtinProfileNames, differingKnobs, loadProfile, ProfileError, type KnobId, type Profile } from '../profiles/index.js';
