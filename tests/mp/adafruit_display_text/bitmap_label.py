"""Stand-in for adafruit_display_text.bitmap_label: keeps the text and colours."""


class Label:
    def __init__(self, font, *, text="", color=0xFFFFFF, background_color=None, anchor_point=None, anchored_position=None, scale=1, **kw):
        self.font = font
        self.text = text
        self.color = color
        self.background_color = background_color
        self.anchor_point = anchor_point
        self.anchored_position = anchored_position
        self.scale = scale
