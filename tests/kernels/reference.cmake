# Reference kernel tests: every reference kernel against the tests' own model of the
# number formats (test_reference_oracle.h), the run contract, and the dispatch.
set(dmlp_reference_tests half f32 wide runs identity abs_negate binary logical cast rounding relu max
    min difference_square prelu modulus mean compare isnan bitwise leaky_relu linear
    thresholded_relu hard_sigmoid shrink hard_swish threshold clip recip_sqrt activation_identity
    round relu_grad clip_grad clip1 if quantize)
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
