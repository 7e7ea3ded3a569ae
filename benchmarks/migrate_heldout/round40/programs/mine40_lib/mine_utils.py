"""Image and label layout of the mine-site tiles (an open-pit survey, one tile per grid cell)."""
from collections import OrderedDict


class MineSiteImage(object):
    HEIGHT = 3
    WIDTH = 3
    CHANNELS = 3


class MineSiteImageLabels(object):
    LABELS = OrderedDict([
        ('terrain', ['pit', 'waste_dump', 'tailings', 'natural']),
        ('common', ['haul_road', 'water', 'vegetation']),
        ('special', ['slope_failure', 'blast']),
    ])
