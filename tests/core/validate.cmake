# validation tests: support tables, descriptor rules, status strings, messages, buffer sizes
dmlp_add_test(test_support_tables ${CMAKE_CURRENT_LIST_DIR}/test_support_tables.c)
dmlp_add_test(test_validate ${CMAKE_CURRENT_LIST_DIR}/test_validate.c)
dmlp_add_test(test_errors ${CMAKE_CURRENT_LIST_DIR}/test_errors.c)
dmlp_add_test(test_validate_api ${CMAKE_CURRENT_LIST_DIR}/test_validate_api.c)
dmlp_add_test(test_validate_oom ${CMAKE_CURRENT_LIST_DIR}/test_validate_oom.c)
dmlp_add_test(test_registry ${CMAKE_CURRENT_LIST_DIR}/test_registry.c)
dmlp_add_test(test_optional_input ${CMAKE_CURRENT_LIST_DIR}/test_optional_input.c)
