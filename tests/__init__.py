"""The test suite of tavla (a package, so that its helpers import as tests.helpers)."""
