# Sourced by the test scripts that build and run programs of their own (the install
# tests). Natively everything is plain. In a cross build, ctest sets DMLP_TEST_EMULATOR
# (runs target programs), NM (the target's nm), DMLP_TOOLCHAIN_FILE (configures CMake
# projects for the target) and PKG_CONFIG_LIBDIR (the target's .pc files).
target_emu=${DMLP_TEST_EMULATOR:-}
target_nm=${NM:-nm}
target_toolchain=${DMLP_TOOLCHAIN_FILE:-}

# Runs a target program: target_run PROGRAM ARGS...
target_run() {
    # shellcheck disable=SC2086
    $target_emu "$@"
}

# What the dynamic loader loads for PROGRAM, as ldd lists it; under the emulator the
# program's own loader (named in its ELF header) is asked. Prints nothing and returns 1
# when there is no way to tell.
target_ldd() {
    if [ -z "$target_emu" ]; then
        command -v ldd >/dev/null 2>&1 || return 1
        ldd "$1" 2>&1
        return 0
    fi
    interp=$(readelf -l "$1" 2>/dev/null | sed -n 's/.*interpreter: \(.*\)]$/\1/p')
    [ -n "$interp" ] || return 1
    target_run "$interp" --list "$1" 2>&1
}
