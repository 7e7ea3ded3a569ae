import logging
import os

log = logging.getLogger('nlp39')
if not log.handlers:
    log.addHandler(logging.NullHandler())

SAMPLE_DATA_DIR = os.path.join(os.path.expanduser('~'), 'workspace', 'nlp4kor', 'data')


def set_sample_data_dir(path):
    global SAMPLE_DATA_DIR
    SAMPLE_DATA_DIR = path
    if not os.path.isdir(SAMPLE_DATA_DIR):
        os.makedirs(SAMPLE_DATA_DIR)
    return SAMPLE_DATA_DIR
