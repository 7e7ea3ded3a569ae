# -*- coding: utf-8 -*-
# a home-made "tf extras" package: default session, logging, queue feeding helpers
from .icore import default_session
from .feed import feeding, evals
