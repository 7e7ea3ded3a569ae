"""20 Newsgroups posts as `group<TAB>text` lines: words hashed to ids, padded per batch by `dynamic_pad`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

GROUPS = ['comp.graphics', 'rec.autos', 'sci.space', 'talk.politics.misc']
VOCAB_BUCKETS = 1000


def main(data_dir):
    root = os.path.join(data_dir, 'h35_newsgroups')
    os.makedirs(root, exist_ok=True)
    words = 'orbit engine render vote launch piston shader senate rocket wheel'.split()
    rng = np.random.RandomState(35)
    path = os.path.join(root, 'train.tsv')
    with open(path, 'w') as f:
        for i in range(9):
            n = 2 + rng.randint(0, 5)
            f.write('%s\t%s\n' % (GROUPS[i % 4], ' '.join(rng.choice(words, n))))
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, value = reader.read(filename_queue)
    group, text = tf.decode_csv(value, record_defaults=[[''], ['']], field_delim='\t')
    label = tf.argmax(tf.cast(tf.equal(tf.constant(GROUPS), group), tf.int32), output_type=tf.int32)
    tokens = tf.string_split([text], delimiter=' ').values
    ids = tf.string_to_hash_bucket_fast(tokens, VOCAB_BUCKETS)
    length = tf.size(ids)
    id_batch, length_batch, label_batch = tf.train.batch(
        [ids, length, label], batch_size=4, dynamic_pad=True, allow_smaller_final_batch=True)
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            ids_v, len_v, lab_v = sess.run([id_batch, length_batch, label_batch])
            batches.append([[row[:n].tolist() for row, n in zip(ids_v, len_v)], len_v.tolist(), lab_v.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "posts: %d" % sum(len(b[1]) for b in batches)}
