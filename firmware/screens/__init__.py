"""The device's screens. Each is a small class with `view(cols, rows)` -> ui.View,
`key(name, now)` and optionally `tick(now)`; see base.py. Screens reach the engine
only through `firmware.session` (the public engine API of the contracts)."""
