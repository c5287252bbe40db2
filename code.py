# Deckcrawl on a CircuitPython board: wiring and settings in README.md and hw/circuitpython.py.
# On a desktop this file is only ever imported by accident (it shadows the standard `code`
# module when the project folder is on sys.path), so it starts nothing there.
import sys

if sys.implementation.name == "circuitpython":
    from hw.circuitpython import Board
    from ui.app import App

    App(Board()).run()
