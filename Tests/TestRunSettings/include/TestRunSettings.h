// Nothing to import: the target's one function runs when the test binary loads.
