# -*- coding: utf-8 -*-
import logging

logg = logging.getLogger('tfx')
logg.addHandler(logging.NullHandler())
