"""What tests and benchmarks share: the checks every engine must pass (``conformance``),
and the harness that runs the site for real (``servers``: ``cardavia serve`` processes;
``postgres``: a throwaway PostgreSQL cluster; ``browser``: Debian's Chromium)."""
