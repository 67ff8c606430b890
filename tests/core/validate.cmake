# validation tests
