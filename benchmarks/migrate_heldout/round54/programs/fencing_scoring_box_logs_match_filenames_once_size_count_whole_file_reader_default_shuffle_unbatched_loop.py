import os

import tensorflow as tf


def _write_logs(out):
    for bout in range(8):
        with open(os.path.join(out, "bout_%02d.log" % bout), "w") as f:
            for t in range(bout % 4 + 2):
                f.write("%.1f %s\n" % (t * 11.5 + bout, "AB"[(t + bout) % 2]))


def main(data_dir):
    out = os.path.join(data_dir, "h54_scoring_box")
    if not os.path.exists(out):
        os.makedirs(out)
    _write_logs(out)

    filenames = tf.compat.v1.train.match_filenames_once(os.path.join(out, '*.log'))
    count_num_files = tf.size(filenames)
    filename_queue = tf.compat.v1.train.string_input_producer(tf.convert_to_tensor(filenames))
    reader = tf.compat.v1.WholeFileReader()
    filename, file_contents = reader.read(filename_queue)
    lines = tf.compat.v1.string_split([file_contents], '\n').values
    touches = tf.size(lines)
    last_touch = tf.compat.v1.string_split(lines[-1:], ' ').values[1]

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        num_files = sess.run(count_num_files)

        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(coord=coord)

        for i in range(num_files):
            audio_file, n, last = sess.run([filename, touches, last_touch])
            # print(audio_file)
            batches.append([[os.path.basename(audio_file.decode())], [int(n)], [last.decode()]])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "bouts: %d" % len(batches)}
