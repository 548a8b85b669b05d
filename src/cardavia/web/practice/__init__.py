"""Practice positions (issue 25): real positions where the coach's choice is clearly best.

:mod:`.build` finds them (``cardavia practice build``), :mod:`.store` reads the shipped
file of each game (``positions/<game>.json``), :mod:`.judge` checks an answer.
"""
