"""Adjutant on the device: build once, then a cooperative loop (no sleeping)."""
import gc

from firmware import hardware
from firmware.app import App

gc.collect()
app = App(hardware.select())
gc.collect()
while True:
    app.tick()
