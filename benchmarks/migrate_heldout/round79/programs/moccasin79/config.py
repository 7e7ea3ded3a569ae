"""Stand-in for the script's tf.app.flags: the fields zap_data reads."""


class Flags(object):
    def __init__(self, file_pattern, batch_size=64, debug=False):
        self.file_pattern = file_pattern
        self.batch_size = batch_size
        self.debug = debug
