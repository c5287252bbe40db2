"""The board, behind one small interface that every board module gives:

    board.display        a displayio display (root_group, refresh()), auto-refresh off
    board.buttons        hw.buttons.Buttons: poll() -> one button event, or NONE
    board.ticks_ms()     a millisecond clock (may wrap: compare with buttons.ticks_diff)
    board.nvm            byte storage with len() and slices (microcontroller.nvm), or None
    board.idle()         wait a little between two turns of the loop
    board.name           what the board is, for messages

Boards: hw/circuitpython.py (a real board: SSD1306 on I2C, keypad, NVM) and
hw/fake.py (the desktop twin: Blinka's displayio driving the real SSD1306
driver into an emulated panel, scripted buttons, a fake clock, NVM in memory).
Each is a thin file; what they share (auto-repeat, hold) is hw/buttons.py.
"""
