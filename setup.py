"""Builds the extension module dmlp._dmlp through the project's CMake build (the target
dmlp_python, python/CMakeLists.txt), so the module is compiled and linked exactly as the
tests see it. Everything else is in pyproject.toml."""
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))
os.makedirs(os.path.join(ROOT, "build-python"), exist_ok=True)  # setup.cfg's build_base


# DMLP_BUILD_TYPE=Debug builds the module unoptimised, in a quarter of the compile time
# (the tests' install check does; docs/python.md). Any other CMake build type is refused.
BUILD_TYPES = ("Release", "Debug", "RelWithDebInfo", "MinSizeRel")
# DMLP_ARCH=generic builds the portable library (reference kernels only) on any machine;
# the default is the machine's processor family (CMakeLists.txt).
ARCHES = ("x86_64", "aarch64", "generic")


class CMakeBuildExt(build_ext):
    def build_extension(self, ext):
        build_type = os.environ.get("DMLP_BUILD_TYPE", "Release")
        if build_type not in BUILD_TYPES:
            raise RuntimeError(f"DMLP_BUILD_TYPE={build_type!r}: expected one of {', '.join(BUILD_TYPES)}")
        arch = os.environ.get("DMLP_ARCH")
        if arch is not None and arch not in ARCHES:
            raise RuntimeError(f"DMLP_ARCH={arch!r}: expected one of {', '.join(ARCHES)}")
        build_dir = os.path.abspath(os.path.join(self.build_temp, "cmake"))
        configure = ["cmake", "-S", ROOT, "-B", build_dir, f"-DCMAKE_BUILD_TYPE={build_type}",
                     "-DDMLP_BUILD_TESTS=OFF", "-DDMLP_PYTHON=ON",
                     f"-DPython3_EXECUTABLE={sys.executable}"]
        if arch is not None:
            configure.append(f"-DDMLP_ARCH={arch}")
        subprocess.run(configure, check=True)
        jobs = str(os.cpu_count() or 2)
        subprocess.run(["cmake", "--build", build_dir, "--target", "dmlp_python", "-j", jobs],
                       check=True)
        package_dir = os.path.join(build_dir, "python", "dmlp")
        built = [name for name in os.listdir(package_dir)
                 if name.startswith("_dmlp.") and name.endswith(".so")]
        if len(built) != 1:
            raise RuntimeError(f"the CMake build made {built or 'no module'} in {package_dir}")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(package_dir, built[0]), target)


setup(ext_modules=[Extension("dmlp._dmlp", sources=[])],
      cmdclass={"build_ext": CMakeBuildExt})
