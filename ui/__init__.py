"""The screens: displayio Groups over the card and font sprite sheets, one
screen alive at a time (ui/app.py), redrawing only what changed."""
