"""Test isolation for the device's modules.

The simulator forgets the firmware's and engine's modules at every boot and
power cut, as a real device loses its RAM (host_sim/runtime.py). A test that
runs after a simulator test would otherwise meet fresh copies of modules the
engine imports lazily, whose RuleError is another class than the one the test
module imported. After each test, sys.modules is put back as it was for the
device's packages.
"""
import sys

import pytest

_DEVICE = ("engine_core", "board_defs", "firmware")


def _device_modules():
    return dict((k, v) for k, v in sys.modules.items() if k.split(".")[0] in _DEVICE)


@pytest.fixture(autouse=True)
def _restore_device_modules():
    before = _device_modules()
    yield
    after = _device_modules()
    disturbed = any(after.get(k) is not v for k, v in before.items())
    for k, v in after.items():
        # A module first imported during the test stays, unless the test swapped out modules it
        # may have bound to (then it is a copy tied to the wrong classes and must go).
        if k not in before and disturbed:
            del sys.modules[k]
    sys.modules.update(before)


# Property tests explore new random examples on a developer's machine; in CI (CI set, as
# .ci/run's runner sets it) they replay a fixed set, so a landing never turns red on a draw
# that no developer saw. A test that sets its own derandomize/database keeps it.
try:
    import os
    from hypothesis import settings as _hyp_settings
except ImportError:  # pragma: no cover - hypothesis is pinned in requirements.txt
    _hyp_settings = None
if _hyp_settings is not None:
    _hyp_settings.register_profile("ci", derandomize=True, database=None)
    if os.environ.get("CI"):
        _hyp_settings.load_profile("ci")
