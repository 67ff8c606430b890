# Cross build for aarch64 Linux with Debian's gcc-aarch64-linux-gnu. The arm64 libraries the
# project links (cJSON, protobuf-c) come from Debian multiarch (dpkg --add-architecture
# arm64), so the sysroot is / and they live in /usr/lib/aarch64-linux-gnu; host tools
# (protoc-c, python3) stay the host's. Tests run under qemu-user.
# `scripts/install-deps.sh aarch64` installs all of it; `make test-aarch64` uses it.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

# ctest runs every test program through the emulator; the loader of libc6:arm64 sits at
# its usual path, so no -L prefix is needed.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64)

# pkg-config reads the arm64 .pc files only.
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
