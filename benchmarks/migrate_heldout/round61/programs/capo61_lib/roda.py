# Capoeira: cadência do berimbau em cada roda (batidas por minuto)
import os
import numpy as np


def escrever_rodas(pasta, n=16):
    rng = np.random.RandomState(61)
    os.makedirs(pasta, exist_ok=True)
    bpm = np.round(rng.uniform(60., 140., size=n), 2).astype(np.float32)
    np.save(os.path.join(pasta, 'rodas.npy'), bpm)
    return os.path.join(pasta, 'rodas.npy')


def carregar_em_pedacos(caminho, tamanho):
    dados = np.load(caminho)
    return [dados[i:i + tamanho] for i in range(0, len(dados), tamanho)]
