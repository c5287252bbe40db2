"""Stand-in for terminalio: only FONT, which bitmap_label receives."""


class _Font:
    def get_bounding_box(self):
        return (6, 12)


FONT = _Font()
