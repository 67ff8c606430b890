# fast kernel tests
