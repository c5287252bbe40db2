"""The board stand-in of the MicroPython screen checks (ui_on_micropython.py,
winnable_on_micropython.py): hw/__init__.py's interface with a scripted
keypad queue, a display that counts refreshes, a bus that keeps the commands
sent, a clock the driver moves, and NVM in a bytearray."""


class Queue:
    """keypad.EventQueue, as the board's Keys scanner fills it."""

    def __init__(self):
        self.pending = []
        self.overflowed = False

    def get_into(self, ev):
        if not self.pending:
            return False
        ev.key_number, ev.pressed = self.pending.pop(0)
        return True

    def clear(self):
        self.pending = []
        self.overflowed = False


class Event:
    key_number = 0
    pressed = False


class Bus:
    """The display bus: commands sent (the win's flash inverts the panel)."""

    def __init__(self):
        self.commands = []

    def send(self, command, data):
        self.commands.append(command)


class Display:
    def __init__(self):
        self.root_group = None
        self.refreshes = 0
        self.brightness = 1.0
        self.bus = Bus()

    def refresh(self):
        self.refreshes += 1


class Board:
    name = "MicroPython stand-in"

    def __init__(self, nvm):
        from hw import buttons  # once the caller has put the project on the path

        self.now = 1000
        self.display = Display()
        self.queue = Queue()
        self.buttons = buttons.Buttons(self.queue, Event(), self.ticks_ms)
        self.nvm = nvm

    def ticks_ms(self):
        return self.now

    def idle(self):
        pass
