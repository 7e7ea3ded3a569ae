"""Short student essay answers with the grade their teacher gave (0-3), read by a DataLoader class that owns a
RandomShuffleQueue; the caller runs the loader's enqueue op through its own QueueRunner."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from essay40_lib.data_loader import DataLoader

ANSWERS = [
    "Plants need light, water and air!", "The moon orbits the Earth.", "Water boils at one hundred degrees",
    "Photosynthesis makes sugar from light", "Rivers carry water to the sea", "The heart pumps blood",
    "Light travels faster than sound.", "Ice is frozen water", "The Earth orbits the sun",
    "Sound needs air to travel", "Plants make air for animals", "Blood carries air to the body",
]


def main(data_dir):
    root = os.path.join(data_dir, 'h40_student_essays')
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(40)
    source = os.path.join(root, 'essays.tsv')
    with open(source, 'w') as f:
        for i, text in enumerate(ANSWERS):
            f.write('%d\t%s\t%d\n' % (1000 + i, text, rng.randint(0, 4)))

    loader = DataLoader(record_defaults=[[0], [''], [0]], field_delim='\t', data_column=1,
                        bucket_boundaries=[3, 5], file_names=[source])
    essays, grades, lengths = loader.get_data()
    tf.train.add_queue_runner(tf.train.QueueRunner(loader.shuffle_queue, [loader.enqueue_op]))

    batches = []
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer(), tf.tables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            ids, grade, length = sess.run([essays, grades, lengths])
            batches.append([[row[:n].tolist() for row, n in zip(ids, length)], grade.tolist(), length.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "essays: %d" % sum(len(b[1]) for b in batches)}
