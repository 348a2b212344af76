"""The core: prompts, battle state, runner and session, dice and odds, the system contract."""
