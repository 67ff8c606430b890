# execution tests: results over layouts, binding rules, threads, the public API as
# documented, and the installed package.
dmlp_add_test(test_execute ${CMAKE_CURRENT_LIST_DIR}/test_execute.c)
dmlp_add_test(test_bindings ${CMAKE_CURRENT_LIST_DIR}/test_bindings.c)
dmlp_add_test(test_binary ${CMAKE_CURRENT_LIST_DIR}/test_binary.c)
# ADD1 with each fused activation: the bits of Add then the activation, and refusals.
dmlp_add_test(test_add1_fused ${CMAKE_CURRENT_LIST_DIR}/test_add1_fused.c)
dmlp_add_test(test_logical ${CMAKE_CURRENT_LIST_DIR}/test_logical.c)
# Softmax, LogSoftmax, Hardmax: refusals, and rows over axes, layouts and thread counts.
dmlp_add_test(test_softmax ${CMAKE_CURRENT_LIST_DIR}/test_softmax.c)
# Binary32 rows on every ISA's vector lanes against the scalar row walk, bit for bit.
dmlp_add_test(test_softmax_lanes ${CMAKE_CURRENT_LIST_DIR}/test_softmax_lanes.c)
# Graphs: compile refusals, and one-pass and node-by-node runs against the nodes alone.
dmlp_add_test(test_graph ${CMAKE_CURRENT_LIST_DIR}/test_graph.c)
# Graphs at the count limits: compile and execute in O(n log n), intermediates reused.
# No time is asserted: the TIMEOUT catches a quadratic step (the old compile took 70 s on
# this test's chain; the linear one under a second).
dmlp_add_test(test_graph_scale ${CMAKE_CURRENT_LIST_DIR}/test_graph_scale.c)
set_tests_properties(test_graph_scale PROPERTIES TIMEOUT 60)
dmlp_add_test(test_threads ${CMAKE_CURRENT_LIST_DIR}/test_threads.c)
dmlp_add_test(test_api_compile ${CMAKE_CURRENT_LIST_DIR}/test_api_compile.c)
# The installed package, used through pkg-config and find_package(dmlp).
add_test(NAME test_install
         COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/test_install.sh ${PROJECT_BINARY_DIR}
                 ${CMAKE_C_COMPILER} ${DMLP_SANITIZE})
set_tests_properties(test_install PROPERTIES SKIP_RETURN_CODE 77)
if(DMLP_TEST_TARGET_ENV)
  set_property(TEST test_install PROPERTY ENVIRONMENT ${DMLP_TEST_TARGET_ENV})
endif()
dmlp_add_test(test_threads_pool ${CMAKE_CURRENT_LIST_DIR}/test_threads_pool.c)
dmlp_add_test(test_parallel ${CMAKE_CURRENT_LIST_DIR}/test_parallel.c)
# The same layouts through every lower kernel path (DMLP_ISA caps what is chosen).
# (x86-64: scalar, sse2, avx2; elsewhere scalar: the uncapped run is test_execute itself)
set(dmlp_execute_levels scalar)
if(DMLP_ARCH STREQUAL "x86_64")
  set(dmlp_execute_levels scalar sse2 avx2)
endif()
foreach(isa ${dmlp_execute_levels})
  add_test(NAME test_execute_${isa} COMMAND test_execute)
  set_tests_properties(test_execute_${isa} PROPERTIES ENVIRONMENT DMLP_ISA=${isa}
                                                      SKIP_RETURN_CODE 77)
endforeach()
# Results and the caller's environment under FTZ/DAZ and every rounding mode.
dmlp_add_test(test_fp_env ${CMAKE_CURRENT_LIST_DIR}/test_fp_env.c)
target_link_libraries(test_fp_env PRIVATE m)
# The measured choices: every strategy forced through DMLP_TUNE gives the same bits; the
# cache file's failures are harmless.
dmlp_add_test(test_tune ${CMAKE_CURRENT_LIST_DIR}/test_tune.c)
# 12 threads creating, executing and destroying operators and graphs on one device
# (DMLP_STRESS_SECONDS, 2 s by default; shorter under sanitizers and emulators).
dmlp_add_test(test_stress_threads ${CMAKE_CURRENT_LIST_DIR}/test_stress_threads.c)
if(CMAKE_CROSSCOMPILING_EMULATOR)
  target_compile_definitions(test_stress_threads PRIVATE DMLP_TEST_EMULATED=1)
endif()
# test_fp_env's two-input operators: thinner under an emulator (as under a sanitizer).
if(CMAKE_CROSSCOMPILING_EMULATOR)
  target_compile_definitions(test_fp_env PRIVATE DMLP_TEST_EMULATED=1)
endif()
