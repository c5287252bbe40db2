"""A strict stand-in for CircuitPython's displayio, for running ui/ under the
desktop MicroPython (which has no displayio).  It draws nothing; it checks that
ui/ uses the API as CircuitPython defines it (argument names, index and value
ranges) and keeps what a screen would show, for the checks in ui_on_micropython.py."""


class Bitmap:
    def __init__(self, width, height, value_count):
        assert width > 0 and height > 0 and value_count > 0
        self.width = width
        self.height = height
        self.value_count = value_count
        self._rows = [bytearray(width) for _ in range(height)]

    def __setitem__(self, xy, value):
        x, y = xy
        assert 0 <= x < self.width and 0 <= y < self.height, (x, y)
        assert 0 <= value < self.value_count
        self._rows[y][x] = value

    def __getitem__(self, xy):
        x, y = xy
        return self._rows[y][x]

    def fill(self, value):
        for row in self._rows:
            for i in range(self.width):
                row[i] = value


class Palette:
    def __init__(self, color_count):
        self._colors = [0] * color_count

    def __setitem__(self, i, color):
        self._colors[i] = color

    def __getitem__(self, i):
        return self._colors[i]

    def __len__(self):
        return len(self._colors)


class TileGrid:
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None, tile_height=None, default_tile=0, x=0, y=0):
        assert isinstance(pixel_shader, Palette)
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = tile_width or bitmap.width
        self.tile_height = tile_height or bitmap.height
        assert bitmap.width % self.tile_width == 0 and bitmap.height % self.tile_height == 0
        self._count = (bitmap.width // self.tile_width) * (bitmap.height // self.tile_height)
        self._tiles = bytearray(width * height)
        for i in range(width * height):
            self._tiles[i] = default_tile
        self.x = x
        self.y = y
        self.hidden = False
        self.changes = 0

    def __setitem__(self, index, tile):
        assert isinstance(index, int) and 0 <= index < len(self._tiles), index
        assert 0 <= tile < self._count, tile
        self._tiles[index] = tile
        self.changes += 1

    def __getitem__(self, index):
        return self._tiles[index]


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        self._items = []
        self.x = x
        self.y = y
        self.hidden = False

    def append(self, item):
        self._items.append(item)

    def __getitem__(self, i):
        return self._items[i]

    def __len__(self):
        return len(self._items)


def release_displays():
    pass
