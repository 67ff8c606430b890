# reference kernel tests
