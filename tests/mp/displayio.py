"""A strict stand-in for CircuitPython's displayio, for running ui/ under the
desktop MicroPython (which has no displayio).  It draws nothing; it checks that
ui/ uses the API as CircuitPython defines it (argument names, types, index and
value ranges, a layer in one group at most) and keeps what a screen would show,
for the checks in ui_on_micropython.py.

Heap: a Bitmap holds its pixels packed as CircuitPython does (1, 2, 4, 8, 16 or
32 bits a value, rows padded to 32-bit words), so a sprite sheet weighs here
what it weighs on a board; the other objects are Python objects, somewhat
larger than their C structs on a board.

probe: None, or a function the constructors call (ui_on_micropython.py's
heap figures use it to sample the heap while a screen is being built).
"""

probe = None


def _bits(value_count):
    for bits in (1, 2, 4, 8, 16):
        if value_count <= 1 << bits:
            return bits
    return 32


def _int(v, name):
    assert type(v) is int, "%s must be an int, not %r" % (name, v)
    return v


class Bitmap:
    def __init__(self, width, height, value_count):
        assert _int(width, "width") > 0 and _int(height, "height") > 0
        assert 0 < _int(value_count, "value_count") <= 1 << 32
        self.width = width
        self.height = height
        self.value_count = value_count
        self._bits = _bits(value_count)
        self._stride = (width * self._bits + 31) // 32 * 4  # bytes a row
        self._data = bytearray(self._stride * height)
        if probe:
            probe()

    def _at(self, xy):
        if isinstance(xy, int):
            assert 0 <= xy < self.width * self.height, xy
            x, y = xy % self.width, xy // self.width
        else:
            x, y = xy
            assert 0 <= _int(x, "x") < self.width and 0 <= _int(y, "y") < self.height, (x, y)
        bit = x * self._bits
        return y * self._stride + (bit >> 3), bit & 7

    def __setitem__(self, xy, value):
        assert 0 <= _int(value, "value") < self.value_count, value
        i, shift = self._at(xy)
        b = self._bits
        if b >= 8:
            for k in range(b // 8):
                self._data[i + k] = (value >> (8 * k)) & 0xFF
        else:
            shift = 8 - b - shift  # the leftmost pixel in the high bits, as CircuitPython packs them
            mask = ((1 << b) - 1) << shift
            self._data[i] = (self._data[i] & ~mask & 0xFF) | (value << shift)

    def __getitem__(self, xy):
        i, shift = self._at(xy)
        b = self._bits
        if b >= 8:
            v = 0
            for k in range(b // 8):
                v |= self._data[i + k] << (8 * k)
            return v
        return (self._data[i] >> (8 - b - shift)) & ((1 << b) - 1)

    def fill(self, value):
        assert 0 <= _int(value, "value") < self.value_count
        pattern = 0
        for k in range(32 // self._bits):
            pattern |= value << (k * self._bits)
        for i in range(len(self._data)):
            self._data[i] = (pattern >> (8 * (i & 3))) & 0xFF


class Palette:
    def __init__(self, color_count):
        assert _int(color_count, "color_count") > 0
        self._colors = [0] * color_count
        self._transparent = bytearray(color_count)
        if probe:
            probe()

    def __setitem__(self, i, color):
        assert 0 <= _int(i, "index") < len(self._colors), i
        assert 0 <= _int(color, "color") <= 0xFFFFFF, color
        self._colors[i] = color

    def __getitem__(self, i):
        return self._colors[i]

    def __len__(self):
        return len(self._colors)

    def make_transparent(self, i):
        self._transparent[i] = 1

    def make_opaque(self, i):
        self._transparent[i] = 0

    def is_transparent(self, i):
        return self._transparent[i] == 1


class _Layer:
    """What a Group holds: a TileGrid or a Group, in one group at most."""

    _in_group = False

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, v):
        self._x = _int(v, "x")

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, v):
        self._y = _int(v, "y")

    @property
    def hidden(self):
        return self._hidden

    @hidden.setter
    def hidden(self, v):
        assert v is True or v is False, "hidden must be a bool, not %r" % (v,)
        self._hidden = v


class TileGrid(_Layer):
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None, tile_height=None, default_tile=0, x=0, y=0):
        assert isinstance(bitmap, Bitmap), "bitmap must be a displayio.Bitmap"
        assert isinstance(pixel_shader, Palette), "pixel_shader must be a displayio.Palette here"
        assert type(width) is int and type(height) is int and type(x) is int and type(y) is int
        tw = tile_width or bitmap.width
        th = tile_height or bitmap.height
        assert bitmap.width % tw == 0 and bitmap.height % th == 0
        count = (bitmap.width // tw) * (bitmap.height // th)
        assert count <= 256, "more than 256 tiles: CircuitPython would use 16-bit tile indices"
        assert type(default_tile) is int and 0 <= default_tile < count
        self.bitmap = bitmap
        self._shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = tw
        self.tile_height = th
        self._count = count
        self._tiles = bytearray(width * height)
        if default_tile:
            for i in range(width * height):
                self._tiles[i] = default_tile
        self._x = x
        self._y = y
        self._hidden = False
        self.changes = 0
        if probe:
            probe()

    @property
    def pixel_shader(self):
        return self._shader

    @pixel_shader.setter
    def pixel_shader(self, shader):
        assert isinstance(shader, Palette), "pixel_shader must be a displayio.Palette here"
        self._shader = shader

    def _index(self, index):
        if type(index) is int:
            assert 0 <= index < len(self._tiles), index
            return index
        x, y = index
        assert 0 <= _int(x, "x") < self.width and 0 <= _int(y, "y") < self.height, index
        return y * self.width + x

    def __setitem__(self, index, tile):
        assert type(tile) is int and 0 <= tile < self._count, tile
        self._tiles[self._index(index)] = tile
        self.changes += 1

    def __getitem__(self, index):
        return self._tiles[self._index(index)]


class Group(_Layer):
    def __init__(self, *, scale=1, x=0, y=0):
        assert _int(scale, "scale") >= 1
        self._scale = scale  # not through the property, which a subclass (a Label) may override
        self._items = []
        self._x = _int(x, "x")
        self._y = _int(y, "y")
        self._hidden = False
        if probe:
            probe()

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, v):
        assert _int(v, "scale") >= 1
        self._scale = v

    def append(self, layer):
        assert isinstance(layer, _Layer), "a Group holds TileGrids and Groups, not %r" % (layer,)
        if layer._in_group:
            raise ValueError("Layer already in a group")
        layer._in_group = True
        self._items.append(layer)

    def remove(self, layer):
        self._items.remove(layer)
        layer._in_group = False

    def __getitem__(self, i):
        return self._items[i]

    def __len__(self):
        return len(self._items)


def release_displays():
    pass
