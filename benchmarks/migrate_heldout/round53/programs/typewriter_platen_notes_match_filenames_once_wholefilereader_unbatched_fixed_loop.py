"""Restoration notes, one text file per typewriter; a match_filenames_once producer feeds a WholeFileReader
and the notes are pulled one at a time in a fixed loop (no batching)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

MODELS = ["olympia_sm3", "hermes_3000", "royal_quiet_deluxe", "smith_corona_skyriter", "adler_tippa"]


def main(data_dir):
    folder = os.path.join(data_dir, "h53_typewriter_platen_notes_match_filenames_once_wholefilereader_unbatched_fixed_loop")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(5313)
    for i, m in enumerate(MODELS):
        with open(os.path.join(folder, "notes_%02d.txt" % i), "w") as f:
            f.write("%s platen shore %d, feed rollers %s" % (m, rng.randint(70, 95), ["ok", "replace"][i % 2]))

    # Read notes from queue
    note_files = tf.train.match_filenames_once(os.path.join(folder, "*.txt"))
    filename_queue = tf.train.string_input_producer(tf.convert_to_tensor(note_files), shuffle=False)
    note_reader = tf.WholeFileReader()
    key, note_file = note_reader.read(filename_queue)
    words = tf.size(tf.string_split([note_file]).values)

    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    batches = []
    with tf.Session() as sess:
        sess.run(init_op)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        for i in range(len(MODELS)):
            k, text, n = sess.run([key, note_file, words])
            batches.append([os.path.basename(k.decode()), text.decode(), int(n)])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "notes: %d" % len(batches)}
