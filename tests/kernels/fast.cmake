# Fast kernel tests: the dispatch checks (no argument), then one ctest per level of the
# processor family, each comparing that level's kernels with the reference bit for bit; a
# level the CPU lacks is a skip (77), not a pass.
dmlp_add_test(test_fast_kernels ${CMAKE_CURRENT_SOURCE_DIR}/test_fast_kernels.c)
if(DMLP_ARCH STREQUAL "x86_64")
  set(dmlp_family_levels sse2 avx2 avx512)
elseif(DMLP_ARCH STREQUAL "aarch64")
  set(dmlp_family_levels neon)
else()
  set(dmlp_family_levels "")
endif()
foreach(isa ${dmlp_family_levels})
  add_test(NAME test_fast_kernels_${isa} COMMAND test_fast_kernels ${isa})
  set_tests_properties(test_fast_kernels_${isa} PROPERTIES SKIP_RETURN_CODE 77)
endforeach()

# The chain kernels (a graph's maps of one type in one pass) against their maps' reference
# kernels run in turn: the dispatch checks, then one ctest per level.
dmlp_add_test(test_fast_chain ${CMAKE_CURRENT_SOURCE_DIR}/test_fast_chain.c)
foreach(isa ${dmlp_family_levels})
  add_test(NAME test_fast_chain_${isa} COMMAND test_fast_chain ${isa})
  set_tests_properties(test_fast_chain_${isa} PROPERTIES SKIP_RETURN_CODE 77)
endforeach()

# Softsign's reciprocal form replayed with every estimate its levels' bounds allow.
if(DMLP_ARCH STREQUAL "x86_64")
  dmlp_add_test(test_recip_bound ${CMAKE_CURRENT_SOURCE_DIR}/test_recip_bound.c)
endif()

# Shrink's integer kernels against their reference kernels over (Bias, Threshold) pairs
# that reach every case of their integer form, every level this CPU runs.
dmlp_add_test(test_fast_shrink_int ${CMAKE_CURRENT_SOURCE_DIR}/test_fast_shrink_int.c)

# Clip's and Clip1's INT64 and UINT64 kernels against their reference kernels, with
# bounds at and past the types' ends, every level this CPU runs.
dmlp_add_test(test_fast_clamp64 ${CMAKE_CURRENT_SOURCE_DIR}/test_fast_clamp64.c)

# Clip's, Clip1's and Threshold's FLOAT32 and FLOAT64 kernels against their reference
# kernels, with bounds that pick each of their forms, every level this CPU runs.
dmlp_add_test(test_fast_clamp_float ${CMAKE_CURRENT_SOURCE_DIR}/test_fast_clamp_float.c)

# The two-input fast kernels against their reference kernels, every level this CPU runs.
dmlp_add_test(test_fast_binary ${CMAKE_CURRENT_SOURCE_DIR}/test_fast_binary.c)

# `dmlp bench` end to end on a tiny size: it must run every case and print its JSON.
if(TARGET dmlp_cli)
  add_test(NAME test_bench_smoke
           COMMAND dmlp_cli bench --json --large-mib 1 --reps 1 --threads 1,2
                   --types f16,i64,e5m2)
  set_tests_properties(test_bench_smoke PROPERTIES
    ENVIRONMENT DMLP_TUNE_CACHE=off
    PASS_REGULAR_EXPRESSION "\"case\": \"latency\", \"threads\": 2, \"elements\": 16"
    FAIL_REGULAR_EXPRESSION "dmlp: ")
endif()

# Its two-input operators on a tiny size: every row of the kernel list for two types,
# A and B packed and B a broadcast scalar, every case and thread count, bytes of every
# tensor, and the --ops, --types and --inputs filters.
if(TARGET dmlp_cli)
  add_test(NAME test_bench_binary
           COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/check_bench_binary.py
                   ${DMLP_CLI_RUN})
  set_tests_properties(test_bench_binary PROPERTIES ENVIRONMENT DMLP_TUNE_CACHE=off)
endif()

# Its graphs section on a tiny size: every graph on both thread counts, the maps joined
# in a chain kernel and, after a two-input node, run in one pass in blocks.
if(TARGET dmlp_cli)
  add_test(NAME test_bench_graphs_smoke
           COMMAND dmlp_cli bench --json --cases graphs --large-mib 1 --reps 1 --threads 1,2)
  set_tests_properties(test_bench_graphs_smoke PROPERTIES
    ENVIRONMENT DMLP_TUNE_CACHE=off
    PASS_REGULAR_EXPRESSION "\"graph\": \"Add\\(Sign\\(Softsign\\(x\\)\\), 1\\)\", \"threads\": 2, [^\n]*\"how\": \"one pass, 2 steps[^\"]*, 1 node chained\""
    FAIL_REGULAR_EXPRESSION "dmlp: ")
endif()

# Its operators along axes (Softmax and its kin) in quick mode on a tiny size: a table line
# for every row case, each number parsed, the targets where they apply.
if(TARGET dmlp_cli)
  add_test(NAME test_bench_rows
           COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/check_bench_rows.py
                   ${DMLP_CLI_RUN})
  set_tests_properties(test_bench_rows PROPERTIES ENVIRONMENT DMLP_TUNE_CACHE=off)
endif()

# `dmlp bench --help` names every operator of the kernel list under --ops (built from the
# list, so an operator added there appears without another edit).
if(TARGET dmlp_cli)
  add_test(NAME test_bench_usage COMMAND dmlp_cli bench --help)
  set_tests_properties(test_bench_usage PROPERTIES
    PASS_REGULAR_EXPRESSION "--ops +sign,softsign,isinf,isnan,identity,abs,negate[ ,]")
endif()

# The bench's limit: never below any copy it reports, and the one it names.
if(TARGET dmlp_cli)
  add_test(NAME test_bench_limit
           COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/check_bench_limit.py
                   ${DMLP_CLI_RUN})
  set_tests_properties(test_bench_limit PROPERTIES ENVIRONMENT DMLP_TUNE_CACHE=off)
endif()

# Softsign's fast formulations on every input (2^32 f32, 65,536 f16 and bf16), every level
# this CPU runs, both division methods. Label `exhaustive`: `make test-exhaustive`, and
# `make test-aarch64-exhaustive` under qemu-user, where f32 alone took about six minutes
# per sixteenth of the patterns on two shared x86-64 cores (over an hour and a half):
# there the limit is 4 hours instead of 30 minutes.
dmlp_add_test(test_softsign_exhaustive ${CMAKE_CURRENT_SOURCE_DIR}/test_softsign_exhaustive.c)
if(CMAKE_CROSSCOMPILING_EMULATOR)
  set(dmlp_exhaustive_timeout 14400)
else()
  set(dmlp_exhaustive_timeout 1800)
endif()
set_tests_properties(test_softsign_exhaustive PROPERTIES LABELS exhaustive
                     TIMEOUT ${dmlp_exhaustive_timeout})

# The bench's traffic loop moves the bytes it is timed on, and no others.
if(TARGET dmlp_bench)
  dmlp_add_test(test_bench_traffic ${CMAKE_CURRENT_SOURCE_DIR}/test_bench_traffic.c)
  target_link_libraries(test_bench_traffic PRIVATE dmlp_bench)
endif()

# The 16-bit kernels that look results up in tables made for the run's FLOAT members and
# ScaleBias, against the reference on all 65,536 inputs, every level this CPU runs; with
# threads, and past the cache's limits.
dmlp_add_test(test_table16_cache ${CMAKE_CURRENT_SOURCE_DIR}/test_table16_cache.c)
