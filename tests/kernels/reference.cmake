# Reference kernel tests: every reference kernel against the tests' own model of the
# number formats (test_reference_oracle.h), the run contract, and the dispatch.
set(dmlp_reference_tests half f32 wide runs identity abs_negate binary logical cast rounding relu max
    min difference_square prelu modulus mean compare isnan bitwise leaky_relu linear
    thresholded_relu hard_sigmoid shrink hard_swish threshold clip recip_sqrt activation_identity
    round relu_grad clip_grad clip1 if quantize quantized_add)
foreach(part ${dmlp_reference_tests})
  dmlp_add_test(test_reference_${part} ${CMAKE_CURRENT_SOURCE_DIR}/test_reference_${part}.c)
endforeach()

# Dispatch, once per DMLP_ISA setting: the argument is the cap the test expects to see
# applied ("none": uncapped; an empty or unknown value is ignored).
dmlp_add_test(test_reference_dispatch ${CMAKE_CURRENT_SOURCE_DIR}/test_reference_dispatch.c)
set_tests_properties(test_reference_dispatch PROPERTIES ENVIRONMENT "DMLP_ISA=")
foreach(setting scalar sse2 AVX2 avx512 NEON bogus)
  string(TOLOWER ${setting} expected)
  if(setting STREQUAL "bogus")
    set(expected none)
  endif()
  add_test(NAME test_reference_dispatch_${expected}_${setting}
           COMMAND test_reference_dispatch ${expected})
  set_tests_properties(test_reference_dispatch_${expected}_${setting} PROPERTIES
                       ENVIRONMENT "DMLP_ISA=${setting}" SKIP_RETURN_CODE 77)
endforeach()

# Every pair of inputs of the two-input reference kernels against the test's own model:
# every INT8/UINT8 pair, and every 61st float16/bfloat16 A against all 65,536 B (label
# `exhaustive`, `make test-exhaustive`); all 2^32 float16 and bfloat16 pairs only with
# `ctest -C Pairs -L pairs` (`make test-pairs`: no other run sees that test).
dmlp_add_test(test_pairs_exhaustive ${CMAKE_CURRENT_SOURCE_DIR}/test_pairs_exhaustive.c)
add_test(NAME test_pairs_exhaustive_16bit_sampled COMMAND test_pairs_exhaustive 16bit 61)
set_tests_properties(test_pairs_exhaustive test_pairs_exhaustive_16bit_sampled PROPERTIES
                     LABELS exhaustive TIMEOUT 1800 SKIP_RETURN_CODE 77)
add_test(NAME test_pairs_exhaustive_16bit COMMAND test_pairs_exhaustive 16bit 1
         CONFIGURATIONS Pairs)
set_tests_properties(test_pairs_exhaustive_16bit PROPERTIES LABELS pairs TIMEOUT 14400)

# The reference kernels of FLOAT32, FLOAT64 and the 32- and 64-bit integers against the
# test's own model: the edges and 20,000 samples per row and rule in every run (2,000
# under an emulator); 10^7 per row and rule only with `ctest -C Wide -L wide`
# (`make test-wide`: no other run sees that test).
dmlp_add_test(test_wide_samples ${CMAKE_CURRENT_SOURCE_DIR}/test_wide_samples.c)
target_compile_options(test_wide_samples PRIVATE -ffp-contract=off)
add_test(NAME test_wide_samples_full COMMAND test_wide_samples 10000000 CONFIGURATIONS Wide)
set_tests_properties(test_wide_samples_full PROPERTIES LABELS wide TIMEOUT 43200)
