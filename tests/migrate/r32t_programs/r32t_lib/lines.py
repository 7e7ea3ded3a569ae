from tensorflow.compat.v1 import TextLineReader, decode_csv, train


def read_lines(path):
    queue = train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = TextLineReader().read(queue)
    x, y = decode_csv(line, record_defaults=[[0], [0]])
    return [x, y]
