""" Utilities """
import logging

log = logging.getLogger('statue_multiview')
log.addHandler(logging.NullHandler())
log.setLevel(logging.INFO)
