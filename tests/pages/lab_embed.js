// The iframe shows the address this page was given in ?src= (the lab on the test server).
document.getElementById("embedded").src = new URLSearchParams(location.search).get("src");
