import tensorflow.compat.v1 as tf


class JsonLineDecoder(object):
    """Pulls the flat numeric fields out of one JSON line with regexes."""

    FIELDS = ('drum_rpm', 'water_l', 'temp_c')

    def decode(self, line):
        values = []
        for field in self.FIELDS:
            raw = tf.regex_replace(line, '.*"%s": ?([-0-9.]+).*' % field, '\\1')
            values.append(tf.string_to_number(raw, out_type=tf.float32))
        program = tf.regex_replace(line, '.*"program": ?"([a-z_]+)".*', '\\1')
        return [tf.stack(values), program]
