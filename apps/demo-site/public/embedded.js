function start() {
  window.appkit.init({
    projectId: document.getElementById('wallet').dataset.projectId,
    networks: ['eip155:31337', 'eip155:31338'],
    enableEmbedded: true,
    embedTarget: '#wallet',
  })
}
if (window.appkit) start()
else document.querySelector('script[src$="/appkit.js"]').addEventListener('load', start)
