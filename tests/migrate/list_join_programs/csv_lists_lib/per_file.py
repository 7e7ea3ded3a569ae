"""One pipeline per CSV file, for `imported_function_lists.py`: the file's own unshuffled producer, a
`TextLineReader` skipping the header, the columns as a dict; `import tensorflow as tf` with `tf.compat.v1`."""

import tensorflow as tf


def file_columns(path, epochs):
    queue = tf.compat.v1.train.string_input_producer([path], num_epochs=epochs, shuffle=False)
    _, line = tf.compat.v1.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.io.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    return {'sum': a + b, 'label': label}
