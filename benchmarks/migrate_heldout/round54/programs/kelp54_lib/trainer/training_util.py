import tensorflow as tf

IMAGE_PIXELS = 6  # 2 x 3 x 1 survey crop of a kelp line
NUM_STAGES = 3


def read_csv_examples(filename_queue):
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    columns = tf.compat.v1.decode_csv(line, record_defaults=[[0]] + [[0.0]] * IMAGE_PIXELS + [[0]])
    line_id = columns[0]
    features = tf.stack(columns[1:1 + IMAGE_PIXELS])
    label = columns[-1]
    return line_id, features, label
